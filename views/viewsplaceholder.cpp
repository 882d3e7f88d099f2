namespace xsprof { int viewsPlaceholder() { return 0; } }
