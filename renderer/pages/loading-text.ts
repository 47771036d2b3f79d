// The text every loading spinner shows. Its own module so that a table or dialog can show it
// without importing page-host.tsx (and with it the page registry) into its chunk.
export const LOADING_TEXT = '拼命加载中';
