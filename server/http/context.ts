// What a request carries once it is authenticated.
export interface SessionUser {
  userId: number;
  userName: string;
  realName: string;
  corpId: number;
  orgId: number | null;
  /** 0 staff, 1 customer, 2 carrier. */
  userType: 0 | 1 | 2;
  parentId: number | null;
  partnerId: number | null;
  token: string;
  operationIds: ReadonlySet<string>;
}

export type AppEnv = {
  Variables: {
    user: SessionUser;
  };
};
