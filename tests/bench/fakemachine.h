#pragma once
// The machine side of the live benchmarks: an XS machine that logs in, registers a few hundred
// functions and streams <ps> batches (8 samples each, stacks 10-100 deep) with the locality of
// ../shared/tools/gen_cpuprofile.py: 55 % of samples repeat the previous stack, 15 % move a few
// frames deeper or shallower, 30 % are fresh draws from a handful of call chains.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

class FakeMachine {
public:
    FakeMachine() : m_rng(7)
    {
        for (auto& chain : m_chains) {
            const int depth = 10 + int(m_rng() % 91);
            for (int d = 0; d < depth; ++d)
                chain.push_back(2 + int(m_rng() % (functionCount - 2)));
        }
    }

    // Blocking loopback connection, retried while the server starts; -1 when it never answers.
    static int connectTo(int port)
    {
        for (int attempt = 0; attempt < 200; ++attempt) {
            const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in address{};
            address.sin_family = AF_INET;
            address.sin_port = htons(uint16_t(port));
            address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0)
                return fd;
            ::close(fd);
            ::usleep(20000);
        }
        return -1;
    }

    static bool sendAll(int fd, const std::string& bytes)
    {
        size_t sent = 0;
        while (sent < bytes.size()) {
            const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            sent += size_t(n);
        }
        return true;
    }

    // Reads until the peer closes (what the server sent is not checked here).
    static void drain(int fd)
    {
        char buffer[4096];
        while (::recv(fd, buffer, sizeof buffer, 0) > 0) {
        }
    }

    // Login, the start of a profiling session and the function records.
    std::string opening() const
    {
        std::string out = message("<login name=\"bench\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
        out += message("<pt name=\"start\" value=\"@0000000000001000\"/>");
        out += message("<pr name=\"(host)\" value=\"0\"/>") + message("<pr name=\"(gc)\" value=\"1\"/>");
        for (int f = 2; f < functionCount; ++f)
            out += message("<pr name=\"fn" + std::to_string(f) + "\" value=\"" + std::to_string(f) +
                           "\" path=\"/app/m" + std::to_string(f % 20) + ".js\" line=\"" + std::to_string(f) + "\"/>");
        return out;
    }

    // Appends one <ps> message of `samplesPerMessage` samples to `out`; returns that count.
    long appendSamples(std::string& out)
    {
        std::string batch = "<ps>";
        for (int k = 0; k < samplesPerMessage; ++k) {
            const unsigned roll = m_rng() % 100;
            if (roll >= 70) {
                m_chain = m_rng() % m_chains.size();
                m_depth = 1 + m_rng() % m_chains[m_chain].size();
            } else if (roll >= 55) {
                const int step = int(m_rng() % 7) - 3;
                m_depth = size_t(std::clamp(int(m_depth) + step, 1, int(m_chains[m_chain].size())));
            }
            const auto& chain = m_chains[m_chain];
            if (k)
                batch += '.';
            batch += base36(1000 + m_rng() % 500); // the delta, in microseconds
            for (size_t d = m_depth; d-- > 0;)
                batch += ',' + base36(uint64_t(chain[d]));
            batch += ",0";
        }
        out += message(batch + "</ps>");
        return samplesPerMessage;
    }

    static std::string closing() { return message("<pt name=\"stop\" value=\"@00000000FFFFFFFF\"/>"); }

    static constexpr int functionCount = 300;
    static constexpr int samplesPerMessage = 8;

private:
    static std::string message(const std::string& body) { return "\r\n<xsbug>" + body + "</xsbug>\r\n"; }

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

    std::mt19937 m_rng;
    std::vector<std::vector<int>> m_chains = std::vector<std::vector<int>>(64);
    size_t m_chain = 0;
    size_t m_depth = 10;
};
