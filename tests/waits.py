"""How long a test waits on a process, a socket or a terminal before it calls
it hung. Only a hung process ever reaches it: a slow or loaded machine (CI on
2 cores with other work on the box) must never. Behaviour is checked in the
virtual board's virtual time, not against these."""
HANG_S = 600
