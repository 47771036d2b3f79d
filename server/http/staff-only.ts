// Screens about the whole corporation (its logs, terminal credentials, settings) are for its own
// staff: a partner user (customer, carrier) is refused whatever its roles say.
import type { SessionUser } from './context.ts';
import { forbidden } from './envelope.ts';

export function staffOnly(user: SessionUser) {
  if (user.userType !== 0) throw forbidden();
}
