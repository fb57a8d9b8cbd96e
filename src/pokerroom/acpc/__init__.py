"""The ACPC protocol on the network: a dealer any ACPC client can play (:mod:`.dealer`) and a client that puts
our bots on any ACPC dealer (:mod:`.client`), over lines on TCP (:mod:`.wire`).  The files and lines they read
and write are :mod:`pokerroom.formats.acpc`; docs/acpc.md says where ours differs from the reference."""
