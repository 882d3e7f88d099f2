#pragma once
// Path mappings between the machine's paths (those `xsc -d` embedded: the build host's, or a
// device's build folder) and the editor's workspace, as other adapters name them:
// "localRoot"/"remoteRoot" (one pair), or "sourceMap" ({"remote prefix": "local prefix"},
// several). A path maps by its longest matching prefix on whole components; one that matches
// none is the same on both sides.
#include <QList>
#include <QPair>
#include <QString>

#include <utility>
#include <vector>

class DapPaths {
public:
    // From launch/attach arguments (DapArgs::Start): localRoot + remoteRoot, then sourceMap's
    // pairs; false with `error` naming the attribute that is wrong.
    bool set(const QString& localRoot, const QString& remoteRoot,
             const std::vector<std::pair<QString, QString>>& sourceMap, QString& error);

    QString toLocal(const QString& machinePath) const;
    QString toMachine(const QString& localPath) const;
    bool isEmpty() const { return m_pairs.isEmpty(); }

    // `prefix` is `path` or a folder above it (whole components, '/' or '\' separators).
    static bool hasPrefix(const QString& path, const QString& prefix);

private:
    static QString mapped(const QString& path, const QString& from, const QString& to);
    QList<QPair<QString, QString>> m_pairs; // (remote, local)
};
