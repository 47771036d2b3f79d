// npm run check:schemas: validates every file under schemas/ the way the server does at start.
import { loadRegistry } from '../server/registry/load.ts';
import { SchemaError } from '../server/registry/types.ts';

try {
  const reg = loadRegistry();
  console.log(`schema 检查通过: ${reg.pages.size} 个页面, ${reg.resources.size} 个资源, ${reg.dictionaries.size} 个字典, ${reg.menus.length} 个顶级菜单`);
} catch (err) {
  if (!(err instanceof SchemaError)) throw err;
  console.error(`文件: ${err.file}\n位置: ${err.pointer || '/'}\n问题: ${err.detail}`);
  process.exit(1);
}
