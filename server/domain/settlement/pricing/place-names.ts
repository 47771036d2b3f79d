// Chinese place names are written with or without their administrative suffix: a rule typed 广东 must
// match a fence in 广东省, 广西 one in 广西壮族自治区, 延边 one in 延边朝鲜族自治州, 朝阳 one in 朝阳区. Two
// names are the same place when equal, or when the longer is the shorter (two characters at least)
// followed by nothing but such a suffix. 张家 is not 张家口市: 口市 is not a suffix.
const SUFFIX = /^(?:省|市|区|县|旗|盟|地区|林区|特别行政区|[\u4e00-\u9fa5]{0,8}自治(?:区|州|县|旗))$/;

export function samePlace(a: string, b: string): boolean {
  const x = a.trim();
  const y = b.trim();
  if (x === y) return true;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length >= 2 && long.startsWith(short) && SUFFIX.test(long.slice(short.length));
}
