#pragma once
// For the fuzz targets that run the whole-profile analyses on what they decoded: remembers the
// profiles already analysed in this process, so that the analyses run once per distinct
// profile. ProfileAnalysis::compute is a deterministic function of the fields hashed here;
// on an identical profile it takes the same paths and finds nothing new, and two thirds of
// the <ps> target's inputs decode to a profile it has already seen (a mutation in a malformed
// sample, a repeated suspend, ...). A new profile is always analysed; so is every input that
// libFuzzer replays alone (a crash, a regression input).
#include "model/profile.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

namespace xsprof::fuzz {

class AnalysedProfiles {
public:
    // True when a profile equal in everything the analyses read was analysed before; else
    // remembers this one and returns false. A direct-mapped table of hashes: bounded memory,
    // and a profile evicted by another is only analysed again.
    bool seenBefore(const Profile& p)
    {
        Hash h;
        h.add(uint64_t(p.info.encoding));
        h.add(uint64_t(p.samples.rule));
        h.addDouble(p.samples.origin);
        h.addDouble(p.samples.lastDuration);
        h.add(p.frames.size());
        h.addAll(p.keyRank);
        h.addAll(p.stacks.parent);
        h.addAll(p.stacks.frame);
        h.addAll(p.samples.stack);
        h.addAll(p.samples.time);
        h.addAll(p.samples.given);
        for (const GraphLink& l : p.links) {
            h.add(l.caller.value);
            h.add(l.callee.value);
        }
        const uint64_t key = h.value | 1; // 0 marks an empty slot
        uint64_t& slot = m_slots[key % m_slots.size()];
        if (slot == key)
            return true;
        slot = key;
        return false;
    }

private:
    struct Hash {
        uint64_t value = 0x9E3779B97F4A7C15ull;
        void add(uint64_t v)
        {
            value = (value ^ v) * 0xFF51AFD7ED558CCDull;
            value ^= value >> 32;
        }
        void addDouble(double d)
        {
            uint64_t bits;
            std::memcpy(&bits, &d, sizeof bits);
            add(bits);
        }
        template <typename T>
        void addAll(const std::vector<T>& items)
        {
            add(items.size());
            for (const T& item : items) {
                uint64_t bits = 0;
                static_assert(sizeof(T) <= sizeof bits);
                std::memcpy(&bits, &item, sizeof item);
                add(bits);
            }
        }
    };

    std::array<uint64_t, 1 << 16> m_slots{}; // 512 KB
};

} // namespace xsprof::fuzz
