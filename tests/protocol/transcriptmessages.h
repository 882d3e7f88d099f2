#pragma once
// The messages of a recorded transcript (.xsbug), each as `<xsbug>…</xsbug>`: what a scripted
// serial device sends one by one (tst_serial, bench_serial).
#include <QByteArray>
#include <QFile>
#include <QList>
#include <QString>

inline QList<QByteArray> transcriptMessages(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray all = f.readAll();
    QList<QByteArray> out;
    qsizetype at = 0;
    while ((at = all.indexOf("<xsbug>", at)) >= 0) {
        const qsizetype end = all.indexOf("</xsbug>", at);
        if (end < 0)
            break;
        out << all.mid(at, end + 8 - at);
        at = end + 8;
    }
    return out;
}
