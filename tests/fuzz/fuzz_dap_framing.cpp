// libFuzzer target: the DAP base protocol (app/dap/dapframing) and request parsing
// (dapmessages), with the input cut into reads of sizes chosen by its first byte. Nothing
// throws or crashes; every framed body is an object or any JSON value, never a half message;
// a body encoded again frames back to itself; what is held stays bounded; and a stream that
// frames without any error gives the same bodies however it is cut.
#include "app/dap/dapframing.h"
#include "app/dap/dapmessages.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Framed {
    std::vector<nlohmann::json> bodies;
    size_t errors = 0;
};

void read(DapFraming& framing, Framed& out)
{
    DapFraming::Item item;
    while (framing.next(item)) {
        if (auto* error = std::get_if<DapFraming::Error>(&item)) {
            ++out.errors;
            if (error->message.empty())
                std::abort(); // every error says what
            continue;
        }
        nlohmann::json& body = std::get<nlohmann::json>(item);
        std::string why;
        if (const std::optional<DapRequest> request = DapRequest::parse(body, why)) {
            if (request->command.empty() || !request->arguments.is_object())
                std::abort();
            (void)DapJson::string(request->arguments, "program");
            (void)DapJson::integer(request->arguments, "threadId");
            (void)DapJson::boolean(request->arguments, "stopOnEntry");
            (void)DapJson::array(DapJson::object(request->arguments, "source"), "breakpoints");
        } else if (why.empty()) {
            std::abort(); // a refusal says why
        }
        // What the adapter writes frames back to the same value.
        DapFraming again;
        again.feed(DapFraming::encode(body));
        DapFraming::Item back;
        if (!again.next(back) || !std::holds_alternative<nlohmann::json>(back) || std::get<nlohmann::json>(back) != body)
            std::abort();
        out.bodies.push_back(std::move(body));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
        return 0;
    const size_t piece = 1 + data[0] % 64;
    const std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);

    DapFraming cut;
    Framed inPieces;
    for (size_t at = 0; at < input.size(); at += piece) {
        cut.feed(input.substr(at, piece));
        read(cut, inPieces);
        // Held bytes stay bounded outside a body being read.
        if (cut.pendingBytes() > DapFraming::maxBodyBytes + DapFraming::maxHeaderBytes + 64)
            std::abort();
    }

    DapFraming whole;
    Framed atOnce;
    whole.feed(input);
    read(whole, atOnce);
    if (atOnce.errors == 0 && inPieces.errors == 0 && atOnce.bodies != inPieces.bodies)
        std::abort();
    if (atOnce.errors == 0 && inPieces.bodies.size() != atOnce.bodies.size())
        std::abort();
    return 0;
}
