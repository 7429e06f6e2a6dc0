# tests of the transposition table and the currently-searching table
