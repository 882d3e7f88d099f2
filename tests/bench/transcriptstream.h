#pragma once
// Machine sides for bench_live beside FakeMachine's synthetic stream:
//  - TranscriptStream replays REAL XS traffic (../shared/corpus/xsbug/*.xsbug): the login and
//    the <pr> records of every session, then the <ps> batches of all sessions over and over
//    (as xs_replay.py --repeat does), one profiling session from start to stop;
//  - DeepRecursionStream: the stacks of a recursive descent (deep_recursion.js's shape: a few
//    frames of main, then one function calling itself 50 to 400 deep), the case that costs most
//    per sample when each sample's whole stack is decoded and walked.
#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

class TranscriptStream {
public:
    // False when no transcript held any <ps>.
    bool load(const std::vector<std::string>& paths)
    {
        for (const std::string& path : paths) {
            std::ifstream in(path, std::ios::binary);
            std::stringstream text;
            text << in.rdbuf();
            const std::string s = text.str();
            if (m_login.empty())
                m_login = element(s, "<login ", "/>");
            for (size_t at = 0; (at = s.find("<pr ", at)) != std::string::npos; ++at)
                m_records += wrap(s.substr(at, s.find("/>", at) + 2 - at));
            for (size_t at = 0; (at = s.find("<ps>", at)) != std::string::npos; ++at) {
                const size_t end = s.find("</ps>", at);
                const std::string batch = s.substr(at, end + 5 - at);
                m_batches.push_back(wrap(batch));
                m_samplesPerBatch.push_back(countSamples(batch));
            }
        }
        return !m_batches.empty();
    }
    std::string opening() const
    {
        return wrap(m_login) + wrap("<pt name=\"start\" value=\"@0000000000001000\"/>") + m_records;
    }
    // Appends the next batch; returns its sample count.
    long appendSamples(std::string& out)
    {
        const size_t i = m_next++ % m_batches.size();
        out += m_batches[i];
        return m_samplesPerBatch[i];
    }
    static std::string closing() { return wrap("<pt name=\"stop\" value=\"@00000000FFFFFFFF\"/>"); }

private:
    static std::string wrap(const std::string& body) { return "\r\n<xsbug>" + body + "</xsbug>\r\n"; }
    static std::string element(const std::string& s, const char* open, const char* close)
    {
        const size_t at = s.find(open);
        return at == std::string::npos ? std::string("<login name=\"real\" value=\"XS\"/>")
                                        : s.substr(at, s.find(close, at) + 2 - at);
    }
    static long countSamples(const std::string& batch)
    {
        long n = 1;
        for (char c : batch)
            n += c == '.';
        return n;
    }

    std::string m_login, m_records;
    std::vector<std::string> m_batches;
    std::vector<long> m_samplesPerBatch;
    size_t m_next = 0;
};

class DeepRecursionStream {
public:
    std::string opening() const
    {
        return wrap("<login name=\"deep\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>") +
               wrap("<pt name=\"start\" value=\"@0000000000001000\"/>") + wrap("<pr name=\"(host)\" value=\"0\"/>") +
               wrap("<pr name=\"(gc)\" value=\"1\"/>") +
               wrap("<pr name=\"main\" value=\"640\" path=\"/app/deep_recursion.js\" line=\"30\"/>") +
               wrap("<pr name=\"descend\" value=\"641\" path=\"/app/deep_recursion.js\" line=\"5\"/>") +
               wrap("<pr name=\"leaf\" value=\"642\" path=\"/app/deep_recursion.js\" line=\"14\"/>");
    }
    long appendSamples(std::string& out)
    {
        std::string batch = "<ps>";
        for (int k = 0; k < 8; ++k) {
            // The recursion goes down and comes back up, as a tree walk does.
            m_depth = std::clamp(m_depth + int(m_rng() % 9) - 4, 50, 400);
            if (k)
                batch += '.';
            batch += base36(40 + m_rng() % 80);
            batch += (m_rng() % 4 == 0) ? ",HU" : ",HT"; // leaf (642) or descend (641) innermost
            for (int d = 0; d < m_depth; ++d)
                batch += ",HT";
            batch += ",HS,0"; // main (640), the host
        }
        out += wrap(batch + "</ps>");
        return 8;
    }
    static std::string closing() { return wrap("<pt name=\"stop\" value=\"@00000000FFFFFFFF\"/>"); }

private:
    static std::string wrap(const std::string& body) { return "\r\n<xsbug>" + body + "</xsbug>\r\n"; }
    static std::string base36(uint64_t v)
    {
        static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        std::string s;
        do {
            s.insert(s.begin(), digits[v % 36]);
            v /= 36;
        } while (v);
        return s;
    }

    std::mt19937 m_rng{11};
    int m_depth = 100;
};
