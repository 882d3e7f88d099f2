#pragma once
// Maps paths recorded on another machine (a device build host, a CI runner) to local
// folders, for "go to source": each rule is "recorded prefix => local folder".
#include <QList>
#include <QPair>
#include <QString>

class PathMappings
{
public:
    // One rule per line, "PREFIX => FOLDER"; blank lines and lines without "=>" are skipped.
    static PathMappings fromText(const QString& text);
    QString toText() const;

    // The path with the longest matching prefix replaced; unchanged when no rule matches.
    QString apply(const QString& path) const;
    // The other way: a local path with the longest matching folder replaced by its recorded
    // prefix (the path a machine reports); unchanged when no rule matches.
    QString reverse(const QString& localPath) const;
    bool isEmpty() const { return m_rules.isEmpty(); }
    int size() const { return int(m_rules.size()); }

private:
    QList<QPair<QString, QString>> m_rules;
};
