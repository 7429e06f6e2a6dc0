# tests of othello
