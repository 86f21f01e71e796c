// The baseline: a bare Koa route answering a small JSON body, nothing else.
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = {
    id: '00000000-0000-0000-0000-000000000000',
    role: 'free',
    name: 'Baseline',
    email: 'b@x.test',
  };
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
