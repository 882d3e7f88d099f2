#pragma once
// Gives a container's memory back. `v = {}` does not: it assigns an empty initializer list and
// keeps the capacity, and so does clear().
namespace xsprof {

template <class Container>
void releaseStorage(Container& container)
{
    Container().swap(container);
}

} // namespace xsprof
