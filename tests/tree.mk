# tests of tree
