#pragma once
// Typed table indices: a FrameId cannot be passed where a StackId belongs.
#include <compare>
#include <cstdint>
#include <functional>
#include <limits>

namespace xsprof {

template <typename Tag>
struct Index {
    static constexpr uint32_t invalidValue = std::numeric_limits<uint32_t>::max();
    uint32_t value = invalidValue;

    constexpr Index() = default;
    constexpr explicit Index(uint32_t v) : value(v) {}
    constexpr bool isValid() const { return value != invalidValue; }
    constexpr auto operator<=>(const Index&) const = default;
};

struct StringTag {};
struct FrameTag {};
struct StackTag {};

using StringId = Index<StringTag>;  // interned string
using FrameId = Index<FrameTag>;    // one distinct function
using StackId = Index<StackTag>;    // one node of the stack trie (a call path)

} // namespace xsprof

template <typename Tag>
struct std::hash<xsprof::Index<Tag>> {
    size_t operator()(xsprof::Index<Tag> i) const noexcept { return std::hash<uint32_t>()(i.value); }
};
