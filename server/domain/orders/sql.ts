// The statement helpers and quantity rounding the order endpoints use, from their one home.
export { all, insert, one, run, tx, type Conn } from '../../resources/statements.ts';
export { round3 } from '../workflow/splits.ts';
