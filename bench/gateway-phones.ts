/** The bench's terminal i: its phone number, also its vehicle's terminal number (dataterminalId). */
export const phoneOf = (i: number) => `0139${String(i).padStart(8, '0')}`;
