"""Round 75 (snapmiss75): the first blow's |z| over the window's L1 peak of each
Tray setup session's throws, 400 Hz (BOARD_READING), trays 5000.. of each model.

  python docs/round75-snapmiss75/setupz.py MODELS NTRAYS
"""
import json,sys
sys.path.insert(0, __file__.rsplit('/', 1)[0])
from multiprocessing import Pool
from dicetray_host.traces import ensemble
def one(job):
    m,tray=job
    from instr import ITray
    from dicetray.tray.traycfg import apply
    from dicetray_host.traces.detecting import detect
    tr=ensemble.generate(m,"calibration",tray,tray_seed=tray,**ensemble.BOARD_READING)
    t=ITray(); apply(t,None); detect(tr.rows(),tray=t,keys=tr.keys)
    out=[]
    for ts,te in tr.throws:
        ws=[w for w in t.wins if abs(w['t0']-ts)<=150 and w.get('edge')]
        if ws:
            w=ws[0]; out.append(round(w['edge'][1]/max(1,w['peak']),2))
    return m,tray,out
models=sys.argv[1].split(',')
jobs=[(m,t) for m in models for t in range(5000,5000+int(sys.argv[2]))]
with Pool(2) as p:
    res=p.map(one,jobs)
import collections
agg=collections.defaultdict(list)
for m,tray,out in res:
    agg[m].append(out)
for m,l in agg.items():
    flat=sorted(x for o in l for x in o)
    trays_obl=sum(1 for o in l if o and min(o)<0.8)
    trays_all=sum(1 for o in l if o and max(o)<0.8)
    print(m,"throws",len(flat),"under 0.8:",sum(x<0.8 for x in flat),"trays with a setup throw under 0.8:",trays_obl,"/",len(l),"all under:",trays_all, "median",flat[len(flat)//2] if flat else None)
