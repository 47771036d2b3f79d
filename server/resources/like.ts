// "Contains" searches: the user's text as a LIKE pattern whose own %, _ and \ stay literal. Every
// query that uses it writes `LIKE ? ESCAPE '\'`.
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
