"""The Annual Computer Poker Competition protocol's files and lines: game definitions (:mod:`.gamedef`),
``MATCHSTATE`` strings (:mod:`.matchstate`) and the dealer's ``STATE``/``SCORE`` log lines (:mod:`.log`);
``docs/acpc.md`` says what is read, written and unsupported."""
