#include "app/debugger/sourcechanges.h"

#include "model/linediff.h"

#include <QFile>
#include <QFileInfo>

SourceChanges::Reading SourceChanges::read(const QString& path, const QString& localPath)
{
    Reading reading;
    QFile file(localPath);
    if (localPath.isEmpty() || !file.open(QIODevice::ReadOnly | QIODevice::Text))
        return reading;
    reading.ok = true;
    const QByteArray bytes = file.readAll();
    reading.text = QString::fromUtf8(bytes);
    const QDateTime modified = QFileInfo(file).lastModified();
    const bool changedSinceStart = m_machineStart.isValid() && modified > m_machineStart;
    auto first = m_first.find(path);
    if (first == m_first.end()) {
        m_first.insert(path, {reading.text, !changedSinceStart});
        if (changedSinceStart)
            reading.note = tr("changed on disk after the machine started: the lines it runs may differ");
        return reading;
    }
    if (first->text == reading.text)
        return reading;
    const QByteArray before = first->text.toUtf8();
    const std::vector<int> lines = xsprof::changedLines(xsprof::splitLines({before.constData(), size_t(before.size())}),
                                                        xsprof::splitLines({bytes.constData(), size_t(bytes.size())}));
    reading.changed = QList<int>(lines.begin(), lines.end());
    const int count = int(reading.changed.size());
    const QString marked = count == 1 ? tr("1 line marked") : tr("%1 lines marked").arg(count);
    if (first->loadedByMachine)
        reading.note = count > 0 ? tr("changed on disk since the machine loaded it: %1").arg(marked)
                                 : tr("changed on disk since the machine loaded it: lines removed");
    else
        reading.note = count > 0 ? tr("changed on disk after the machine started; %1 changed since first shown here")
                                       .arg(marked)
                                 : tr("changed on disk after the machine started; lines removed since first shown here");
    return reading;
}
