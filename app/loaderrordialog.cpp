#include "loaderrordialog.h"

#include "model/filesignature.h"
#include "model/readers/formatreaders.h"
#include "views/plaintext.h"

#include <QFile>
#include <QFileInfo>
#include <QLabel>

LoadErrorDialog::LoadErrorDialog(QWidget* parent)
    : QMessageBox(QMessageBox::Warning, tr("Cannot open profile"), QString(), QMessageBox::Ok, parent)
{
    setTextFormat(Qt::PlainText); // file names and messages quote the file: never markup
    setAttribute(Qt::WA_DeleteOnClose);
}

QString LoadErrorDialog::explain(const QString& path, const QString& message)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return message;
    const QByteArray head = file.read(16);
    const std::string what = xsprof::describeNonProfile(std::string_view(head.constData(), size_t(head.size())));
    if (what.empty())
        return message;
    return tr("%1 is %2, not a profile. %3.")
        .arg(QFileInfo(path).fileName(), QString::fromStdString(what),
             QString::fromStdString(xsprof::readers::supportedFormatsText()));
}

void LoadErrorDialog::addError(const QString& path, const QString& message)
{
    m_errors.append({path, PlainText::visibleControls(explain(path, message))});
    updateText();
}

void LoadErrorDialog::setPlainInformativeText(const QString& text)
{
    setInformativeText(text);
    // QMessageBox guesses the informative text's format; the message quotes the file.
    if (auto* label = findChild<QLabel*>(QStringLiteral("qt_msgbox_informativelabel")))
        label->setTextFormat(Qt::PlainText);
}

void LoadErrorDialog::updateText()
{
    if (m_errors.size() == 1) {
        setWindowTitle(tr("Cannot open profile"));
        setText(tr("Could not open %1.").arg(QFileInfo(m_errors.front().path).fileName()));
        setPlainInformativeText(m_errors.front().message);
        return;
    }
    setWindowTitle(tr("Cannot open profiles"));
    setText(tr("Could not open %n file(s).", nullptr, int(m_errors.size())));
    QStringList lines;
    for (const Error& e : std::as_const(m_errors))
        lines << QStringLiteral("%1: %2").arg(QFileInfo(e.path).fileName(), e.message);
    setPlainInformativeText(lines.join(QStringLiteral("\n\n")));
}
