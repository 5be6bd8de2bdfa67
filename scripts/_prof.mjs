import { spawn } from 'node:child_process';
import pg from 'pg';
const root='/work/main';
const name='prof_'+Date.now();
const admin=new pg.Client({connectionString:'postgres://root@127.0.0.1:5432/test'});await admin.connect();await admin.query(`create database ${name}`);await admin.end();
const port=8931, base=`http://127.0.0.1:${port}`;
const server=spawn(process.execPath,['--cpu-prof','--cpu-prof-dir=/tmp/prof','--import','tsx','apps/server/src/server.ts'],{cwd:root,env:{...process.env,NODE_ENV:'production',PORT:String(port),DATA_DIR:'/tmp/prof/data',SERVE_WEB:'false',LOG_LEVEL:'warn',AUTH_RATE_LIMIT_PER_MINUTE:'100000',DATABASE_URL:`postgres://root@127.0.0.1:5432/${name}`},stdio:['ignore','inherit','inherit']});
for(;;){try{if((await fetch(base+'/health/')).status<500)break}catch{};await new Promise(r=>setTimeout(r,100))}
const r=await fetch(base+'/user/signup/',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({email:'p'+Date.now()+'@example.com',password:'bench-pass-1',type:'vc',name:'P'})});
const {token}=await r.json();
await fetch(base+'/vc/profile/step1/',{method:'POST',headers:{authorization:'Token '+token,'content-type':'application/json'},body:JSON.stringify({fund_name:'F',website:'https://f.vc',sectors:['SaaS'],stages:['Seed'],geography:['US'],ticket_size_min:null,ticket_size_max:null})});
const path=process.argv[2]??'/api/vc/notifications';
const N=Number(process.argv[3]??3000);let done=0;const t0=performance.now();
const lat=[];
await Promise.all(Array.from({length:10},async()=>{while(done<N){done++;const s=performance.now();const res=await fetch(base+path,{headers:{authorization:'Token '+token}});await res.text();if(!res.ok)throw new Error(res.status);lat.push(performance.now()-s)}}));
const el=performance.now()-t0;lat.sort((a,b)=>a-b);
console.log(path,N,'req in',Math.round(el),'ms =>',(el/N).toFixed(2),'ms/req wall; p50',lat[N>>1].toFixed(1),'p95',lat[Math.floor(N*.95)].toFixed(1));
server.kill('SIGTERM');await new Promise(r=>server.once('exit',r));
