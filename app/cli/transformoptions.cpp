#include "app/cli/transformoptions.h"

#include <cstdio>

namespace TransformOptions {

namespace {

struct OptionKind {
    const char* option;
    xsprof::TransformKind kind;
};

constexpr OptionKind optionKinds[] = {
    {"merge", xsprof::TransformKind::Merge},
    {"focus", xsprof::TransformKind::Focus},
    {"drop", xsprof::TransformKind::Drop},
    {"collapse-recursion", xsprof::TransformKind::CollapseRecursion},
    {"merge-file", xsprof::TransformKind::MergeUrl},
};

} // namespace

void addTo(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("merge"),
                      QStringLiteral("Merge every function named NAME into its callers (repeatable; all transforms "
                                     "apply in the order given)."),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("focus"),
                      QStringLiteral("Keep only samples with NAME on the stack, each stack starting at its outermost "
                                     "call."),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("drop"), QStringLiteral("Remove the samples with NAME on the stack."),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("collapse-recursion"),
                      QStringLiteral("Collapse the recursion of NAME into its outermost call."), QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("merge-file"), QStringLiteral("Merge every function of URL into its callers."),
                      QStringLiteral("URL")});
}

std::vector<xsprof::Transform> fromArguments(const QStringList& arguments)
{
    std::vector<xsprof::Transform> out;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == QLatin1String("--"))
            break;
        for (const OptionKind& o : optionKinds) {
            const QString flag = QStringLiteral("--") + QLatin1String(o.option);
            QString value;
            if (a == flag && i + 1 < arguments.size())
                value = arguments[++i];
            else if (a.startsWith(flag + QLatin1Char('=')))
                value = a.mid(flag.size() + 1);
            else
                continue;
            const std::string text = value.toStdString();
            out.push_back(o.kind == xsprof::TransformKind::MergeUrl ? xsprof::Transform::mergeUrl(text)
                                                                     : xsprof::Transform::byName(o.kind, text));
            break;
        }
    }
    return out;
}

std::optional<xsprof::Profile> apply(xsprof::Profile profile, const std::vector<xsprof::Transform>& transforms,
                                     const QString& file, std::vector<size_t>* matched)
{
    if (transforms.empty())
        return profile;
    xsprof::TransformResult result = xsprof::applyTransforms(profile, transforms);
    if (!result.profile) {
        std::fprintf(stderr, "xsprof: %s: %s\n", qPrintable(file), result.error.c_str());
        return std::nullopt;
    }
    if (matched)
        *matched = std::move(result.matched);
    return std::move(result.profile);
}

bool reportUnmatched(const std::vector<xsprof::Transform>& transforms, const std::vector<size_t>& matched,
                     const QString& where)
{
    bool ok = true;
    for (size_t i = 0; i < transforms.size() && i < matched.size(); ++i) {
        if (matched[i] == 0) {
            const xsprof::Transform& t = transforms[i];
            const std::string what = t.kind == xsprof::TransformKind::MergeUrl ? "no function has the url \"" + t.url + "\""
                                                                                : "no function is named \"" + t.name + "\"";
            std::fprintf(stderr, "xsprof: %s: --%s: %s\n", qPrintable(where), std::string(xsprof::toString(t.kind)).c_str(),
                         what.c_str());
            ok = false;
        }
    }
    return ok;
}

} // namespace TransformOptions
