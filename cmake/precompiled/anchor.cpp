// The source of the target that holds the precompiled headers (cmake/PrecompiledHeaders.cmake).
int xsprofPrecompiledAnchor()
{
    return 0;
}
