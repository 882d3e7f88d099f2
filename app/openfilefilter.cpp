#include "app/openfilefilter.h"

#include "model/readers/formatreaders.h"

#include <QStringList>

QString openFileFilter()
{
    QStringList all;
    QStringList filters;
    for (const xsprof::readers::FormatReader* format : xsprof::readers::formatReaders()) {
        QStringList globs;
        for (std::string_view glob : format->globs) {
            const QString text = QString::fromUtf8(glob.data(), qsizetype(glob.size()));
            if (!all.contains(text))
                all.append(text);
            globs << text << text + QStringLiteral(".gz");
        }
        const QString name = QString::fromUtf8(format->displayName.data(), qsizetype(format->displayName.size()));
        filters << name + QStringLiteral(" (") + globs.join(QLatin1Char(' ')) + QLatin1Char(')');
    }
    all << QStringLiteral("*.gz");
    filters.prepend(QStringLiteral("All profiles (") + all.join(QLatin1Char(' ')) + QLatin1Char(')'));
    filters << QStringLiteral("All files (*)");
    return filters.join(QStringLiteral(";;"));
}
