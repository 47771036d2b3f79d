// The 费用 sections of the waybill and order detail pages (loaded lazily by those pages).
export { WaybillFees } from './waybill-fees.tsx';
export { OrderFees } from './order-fees.tsx';
