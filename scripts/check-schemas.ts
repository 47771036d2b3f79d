// npm run check:schemas: validates every file under schemas/ the way the server does at start,
// and prints every problem found (the server stops at the first).
import { loadRegistry } from '../server/registry/load.ts';
import { SchemaError } from '../server/registry/types.ts';

const problems: SchemaError[] = [];
try {
  const reg = loadRegistry(undefined, problems);
  if (!problems.length) {
    console.log(`schema 检查通过: ${reg.pages.size} 个页面, ${reg.resources.size} 个资源, ${reg.reports.size} 个报表, ${reg.dictionaries.size} 个字典, ${reg.menus.length} 个顶级菜单`);
  }
} catch (err) {
  // Cross-file checks other than the reports' still stop at their first problem.
  if (!(err instanceof SchemaError)) throw err;
  problems.push(err);
}
for (const p of problems) console.error(`文件: ${p.file}\n位置: ${p.pointer || '/'}\n问题: ${p.detail}\n`);
if (problems.length) {
  console.error(`共 ${problems.length} 个问题`);
  process.exit(1);
}
