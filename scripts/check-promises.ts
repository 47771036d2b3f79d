// Finds promises nobody waits for in the server (npm run check:promises, part of npm test). Every database call
// answers a promise (server/db/port.ts); one left unawaited runs after its transaction committed,
// or its error is lost. Reported: a statement whose value is a promise and is neither awaited,
// returned nor marked `void`, and a promise-returning callback given to forEach. tsc alone does not
// catch these.
import ts from 'typescript';

const configPath = ts.findConfigFile(process.cwd(), ts.sys.fileExists, 'tsconfig.json')!;
const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, process.cwd());
const program = ts.createProgram(config.fileNames, config.options);
const checker = program.getTypeChecker();

const isPromise = (node: ts.Node) => {
  const type = checker.getTypeAtLocation(node);
  return [type, ...(type.isUnion() ? type.types : [])].some((t) => !!t.getProperty('then') && t.getSymbol()?.getName() === 'Promise');
};

const found: string[] = [];
const report = (file: ts.SourceFile, node: ts.Node, what: string) => {
  const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
  found.push(`${file.fileName.replace(`${process.cwd()}/`, '')}:${line + 1}:${character + 1} ${what}: ${node.getText(file).split('\n')[0].slice(0, 100)}`);
};

for (const file of program.getSourceFiles()) {
  // The console's fire-and-forget `.then(...)` handlers are deliberate; the server has none.
  if (file.isDeclarationFile || !file.fileName.startsWith(`${process.cwd()}/server/`)) continue;
  const visit = (node: ts.Node) => {
    const e = ts.isExpressionStatement(node) ? node.expression : null;
    const assignment = e && ts.isBinaryExpression(e) && e.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && e.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
    if (e && !assignment && !ts.isVoidExpression(e) && !ts.isAwaitExpression(e) && isPromise(e)) {
      report(file, node, 'promise not awaited');
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'forEach') {
      const callback = node.arguments[0];
      if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
        const signature = checker.getSignatureFromDeclaration(callback);
        const returned = signature && checker.getReturnTypeOfSignature(signature);
        if (returned?.getSymbol()?.getName() === 'Promise') report(file, callback, 'forEach with a promise-returning callback');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

if (found.length) {
  console.error(`${found.length} promise(s) nobody waits for:\n${found.join('\n')}`);
  process.exit(1);
}
console.log('check:promises: every promise is awaited, returned or marked void');
