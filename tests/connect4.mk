# tests of connect4
