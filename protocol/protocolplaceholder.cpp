namespace xsprof { int protocolPlaceholder() { return 0; } }
