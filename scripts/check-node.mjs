// npm scripts must run on the Node 22 that the `node` devDependency brings; fail loudly otherwise.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`Node ${process.version} found; this project needs Node 22 (run "npm ci" so the node devDependency installs it).`);
  process.exit(1);
}
