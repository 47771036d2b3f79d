// What made a terminal take a snapshot: the multimedia event codes of JT/T 808 (the protocol the
// vehicles' terminals speak), shown as the flash photo's eventTypeName.
export const FLASH_KINDS: Record<number, string> = {
  0: '平台下发指令',
  1: '定时抓拍',
  2: '抢劫报警触发',
  3: '碰撞侧翻报警触发',
  4: '开门抓拍',
  5: '关门抓拍',
  6: '起步抓拍',
  7: '定距抓拍',
};

/** Camera channels a terminal may have. */
export const FLASH_CHANNELS = 16;

export const routeView = (channel: number) => `通道${channel}`;
