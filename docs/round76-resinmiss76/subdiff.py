"""Round 76 (resinmiss76): a candidate's whole output on the traces another
run changed, against main's saved run; when every condition of the candidate
implies the other's, those are the only traces it can change.

  python docs/round76-resinmiss76/subdiff.py MAIN.json OTHER.json READING
"""
import sys, json, os
from dicetray_host.traces import ensemble
from dicetray_host.traces.detecting import detect
from dicetray_host.traces.scoring import match
RD0={"400":dict(ensemble.BOARD_READING),"200":dict(ensemble.BOARD_READING,rate_hz=200),"100":dict(ensemble.BOARD_READING,rate_hz=100),"modelled":{}}
base=json.load(open(sys.argv[1]))['default']; arun=json.load(open(sys.argv[2]))['default']; rd=sys.argv[3]
changed=[n for n in base if base[n]['out']!=arun[n]['out']]
print('A changed', len(changed))
tot=dict(found=[],lost=[],gone=[],new=[],other=[])
for n in changed:
    m,k,s=n.split('/'); tr=ensemble.generate(m,k,int(s),**RD0[rd])
    out=detect(tr.rows(),keys=tr.keys)
    b=base[n]['out']
    if out==b: continue
    truth=[tuple(x) for x in base[n]['throws']]
    pb,eb=match(truth,b['throws']); pc,ec=match(truth,out['throws'])
    fb={t for (t,_),_ in pb}; fc={t for (t,_),_ in pc}
    tot['found']+= ['%s@%d'%(n,t) for t in fc-fb]; tot['lost']+=['%s@%d'%(n,t) for t in fb-fc]
    sb={d['start_ms'] for d in eb}; sc={d['start_ms'] for d in ec}
    tot['gone']+=['%s@%d'%(n,t) for t in sb-sc]; tot['new']+=['%s@%d'%(n,t) for t in sc-sb]
    if fb==fc and sb==sc: tot['other'].append(n)
for k,v in tot.items(): print(k,len(v),' '.join(v))
