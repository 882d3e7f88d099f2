#include "expectedprofile.h"

#include "model/bottomuptree.h"

#include <cmath>
#include <fstream>
#include <map>
#include <tuple>

using namespace xsprof;

namespace ExpectedProfile {

namespace {

using Key = std::tuple<std::string, std::string, int, int, int64_t>;

// Model lines are 1-based with 0 unknown; expected keys keep the file's base, -1 unknown.
Key modelKey(const Profile& p, FrameId f)
{
    if (p.identifiesByXsId())
        return {"", "", 0, 0, p.frames.xsId[f.value]};
    return {std::string(p.frameName(f)), std::string(p.frameUrl(f)), p.frames.line[f.value],
            p.frames.column[f.value], -1};
}

Key expectedKey(const nlohmann::json& fn, int base, bool byId)
{
    if (byId)
        return {"", "", 0, 0, fn.at("id").get<int64_t>()};
    const auto& k = fn.at("key");
    auto toModel = [base](int v) { return v < 0 ? 0 : v + (base == 0 ? 1 : 0); };
    return {k[0].get<std::string>(), k[1].get<std::string>(), toModel(k[2].get<int>()), toModel(k[3].get<int>()), -1};
}

std::string describe(const Key& k)
{
    if (std::get<4>(k) >= 0)
        return "id " + std::to_string(std::get<4>(k));
    return std::get<0>(k) + " " + std::get<1>(k) + ":" + std::to_string(std::get<2>(k));
}

void expectClose(std::vector<std::string>& errors, const std::string& what, double got, double want)
{
    if (!close(got, want))
        errors.push_back(what + ": got " + std::to_string(got) + ", expected " + std::to_string(want));
}

} // namespace

bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-6 + 1e-9 * std::fabs(b);
}

nlohmann::json readFile(const std::string& path)
{
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

std::vector<nlohmann::json> profilesOf(const nlohmann::json& expected)
{
    if (expected.contains("profiles"))
        return expected.at("profiles").get<std::vector<nlohmann::json>>();
    return {expected};
}

std::vector<std::string> compare(const Profile& profile, const ProfileAnalysis& analysis,
                                 const nlohmann::json& expected, int keyLineBase)
{
    std::vector<std::string> errors;
    const FunctionAnalysis& fa = analysis.functions;
    expectClose(errors, "duration", fa.duration(), expected.at("duration").get<double>());
    expectClose(errors, "sample count", double(profile.samples.size()), expected.at("sample_count").get<double>());
    const auto& functions = expected.at("functions");
    const bool byId = !functions.empty() && functions[0].contains("id");
    if (fa.functions().size() != functions.size())
        errors.push_back("function count: got " + std::to_string(fa.functions().size()) + ", expected " +
                         std::to_string(functions.size()));
    if (expected.contains("encoding") && expected.at("encoding") != toString(profile.info.encoding))
        errors.push_back("encoding: got " + std::string(toString(profile.info.encoding)));
    if (expected.contains("duration_rule") && expected.at("duration_rule") != toString(profile.info.durationRule))
        errors.push_back("duration rule: got " + std::string(toString(profile.info.durationRule)));

    std::map<Key, FrameId> byKey;
    for (FrameId f : fa.functions())
        byKey.emplace(modelKey(profile, f), f);
    for (const auto& fn : functions) {
        const Key key = expectedKey(fn, keyLineBase, byId);
        const auto it = byKey.find(key);
        if (it == byKey.end()) {
            errors.push_back("missing function " + describe(key));
            continue;
        }
        const FrameId f = it->second;
        const std::string name = describe(key);
        expectClose(errors, name + " self", fa.self(f), fn.at("self").get<double>());
        expectClose(errors, name + " divided total", fa.total(f), fn.at("divided_total").get<double>());
        if (fn.at("total").is_null()) {
            if (fa.hasInclusive())
                errors.push_back(name + ": inclusive should not be computable");
        } else {
            expectClose(errors, name + " inclusive", fa.inclusive(f), fn.at("total").get<double>());
        }
        if (fa.graph().dagCallerCount(f) != fn.at("dag_callers").get<uint32_t>())
            errors.push_back(name + " dag callers: got " + std::to_string(fa.graph().dagCallerCount(f)));
        if (fa.graph().isSelfRecursive(f) != fn.at("self_recursive").get<bool>())
            errors.push_back(name + " self-recursive flag differs");
    }
    if (expected.contains("self_edge_count") && !expected.at("self_edge_count").is_null() &&
        fa.graph().selfEdgeCount() != expected.at("self_edge_count").get<size_t>())
        errors.push_back("self edges: got " + std::to_string(fa.graph().selfEdgeCount()));
    if (expected.contains("edge_count") && fa.graph().edgeCount() != expected.at("edge_count").get<size_t>())
        errors.push_back("edges: got " + std::to_string(fa.graph().edgeCount()));

    // Per-path views: the first two levels of the call tree, and the bottom-up split by caller.
    if (profile.hasStacks() && expected.contains("top_down") && expected.at("top_down").is_array()) {
        auto checkChildren = [&](auto& self, std::span<const StackId> nodes, const nlohmann::json& want,
                                 const std::string& path, int depth) -> void {
            std::map<Key, StackId> have;
            for (StackId s : nodes)
                have.emplace(modelKey(profile, profile.stacks.frame[s.value]), s);
            for (const auto& node : want) {
                const Key k = expectedKey(node, keyLineBase, byId);
                const auto it = have.find(k);
                if (it == have.end()) {
                    errors.push_back("call tree " + path + ": no child " + describe(k));
                    continue;
                }
                expectClose(errors, "call tree " + path + "/" + describe(k) + " total",
                            analysis.callTree.total(it->second), node.at("total").get<double>());
                expectClose(errors, "call tree " + path + "/" + describe(k) + " self",
                            analysis.callTree.self(it->second), node.at("self").get<double>());
                if (depth < 2 && node.contains("children"))
                    self(self, analysis.callTree.children(it->second), node.at("children"), path + "/" + describe(k),
                         depth + 1);
            }
        };
        checkChildren(checkChildren, analysis.callTree.roots(), expected.at("top_down"), "", 0);
    }
    if (profile.hasStacks() && expected.contains("bottom_up") && expected.at("bottom_up").is_array()) {
        BottomUpTree tree(profile, analysis.callTree);
        std::map<Key, BottomUpTree::NodeId> roots;
        for (auto n : tree.roots())
            roots.emplace(modelKey(profile, tree.frame(n)), n);
        for (const auto& entry : expected.at("bottom_up")) {
            const Key k = expectedKey(entry, keyLineBase, byId);
            const auto it = roots.find(k);
            if (it == roots.end()) {
                errors.push_back("bottom-up: no root " + describe(k));
                continue;
            }
            expectClose(errors, "bottom-up " + describe(k), tree.time(it->second), entry.at("self").get<double>());
            std::map<Key, double> callers;
            for (auto c : tree.children(it->second))
                callers[modelKey(profile, tree.frame(c))] = tree.time(c);
            for (const auto& caller : entry.at("callers")) {
                if (caller.at("caller").is_null())
                    continue;
                nlohmann::json asFunction = {{"key", caller.at("caller")}};
                if (byId)
                    asFunction["id"] = caller.at("caller_id");
                const Key ck = expectedKey(asFunction, keyLineBase, byId);
                expectClose(errors, "bottom-up " + describe(k) + " <- " + describe(ck), callers[ck],
                            caller.at("time").get<double>());
            }
        }
    }
    return errors;
}

std::vector<std::string> compareProfiles(const Profile& a, const ProfileAnalysis& aa, const Profile& b,
                                         const ProfileAnalysis& ba)
{
    std::vector<std::string> errors;
    expectClose(errors, "duration", ba.functions.duration(), aa.functions.duration());
    if (a.samples.size() != b.samples.size())
        errors.push_back("sample count differs");
    if (a.info.encoding != b.info.encoding)
        errors.push_back("encoding differs");
    std::map<Key, FrameId> inB;
    for (FrameId f : ba.functions.functions())
        inB.emplace(modelKey(b, f), f);
    if (inB.size() != aa.functions.functions().size())
        errors.push_back("function count differs: " + std::to_string(inB.size()) + " vs " +
                         std::to_string(aa.functions.functions().size()));
    for (FrameId f : aa.functions.functions()) {
        const Key k = modelKey(a, f);
        const auto it = inB.find(k);
        if (it == inB.end()) {
            errors.push_back("missing after reload: " + describe(k));
            continue;
        }
        expectClose(errors, describe(k) + " self", ba.functions.self(it->second), aa.functions.self(f));
        expectClose(errors, describe(k) + " total", ba.functions.total(it->second), aa.functions.total(f));
        if (aa.functions.hasInclusive() != ba.functions.hasInclusive())
            errors.push_back("inclusive availability differs");
        else if (aa.functions.hasInclusive())
            expectClose(errors, describe(k) + " inclusive", ba.functions.inclusive(it->second),
                        aa.functions.inclusive(f));
        if (a.frameName(f) != b.frameName(it->second))
            errors.push_back(describe(k) + " name differs");
    }
    return errors;
}

} // namespace ExpectedProfile
