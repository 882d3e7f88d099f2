#include "xscpathfield.h"

#include "protocol/xsccompiler.h"

#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>

XscPathField::XscPathField(QWidget* parent)
    : QWidget(parent), m_field(new QLineEdit), m_browse(new QPushButton(tr("Browse…"))), m_test(new QPushButton(tr("&Test"))),
      m_result(new QLabel), m_compiler(new XscCompiler({}, this)), m_detected(XscCompiler::autoDetect())
{
    m_field->setPlaceholderText(m_detected.isEmpty() ? tr("not found: set $MODDABLE, or choose the xsc of your SDK")
                                                     : tr("auto-detected: %1").arg(m_detected));
    m_field->setToolTip(XscCompiler::howToGetOne());
    m_field->setClearButtonEnabled(true);
    m_test->setToolTip(tr("Compile 1+1 with this xsc and show its XS version and ID size"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_browse, &QPushButton::clicked, this, [this] {
        auto* dialog = new QFileDialog(this, tr("XS Compiler (xsc)"));
        dialog->setFileMode(QFileDialog::ExistingFile);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, m_field, &QLineEdit::setText);
        dialog->open();
    });
    connect(m_test, &QPushButton::clicked, this, &XscPathField::test);
    connect(m_field, &QLineEdit::textChanged, m_result, &QLabel::clear);

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_field, 0, 0);
    layout->addWidget(m_browse, 0, 1);
    layout->addWidget(m_test, 0, 2);
    layout->addWidget(m_result, 1, 0, 1, 3);
}

QString XscPathField::path() const
{
    return m_field->text().trimmed();
}

void XscPathField::setPath(const QString& path)
{
    m_field->setText(path);
}

QString XscPathField::effectivePath() const
{
    return path().isEmpty() ? m_detected : path();
}

void XscPathField::test()
{
    m_compiler->setPath(effectivePath());
    m_result->setStyleSheet({});
    m_result->setText(tr("Compiling 1+1…"));
    m_test->setEnabled(false);
    QPointer<XscPathField> self(this);
    m_compiler->compile(QStringLiteral("1+1"), [self](const XscResult& result) {
        if (!self)
            return;
        self->m_test->setEnabled(true);
        if (result.ok()) {
            self->m_result->setStyleSheet(QStringLiteral("QLabel { color: #2e7d32; }"));
            self->m_result->setText(tr("%1 works. Machines get compiled code only when their XS version and ID "
                                       "size are the same.")
                                        .arg(result.versionText()));
        } else {
            self->m_result->setStyleSheet(QStringLiteral("QLabel { color: #c0392b; }"));
            self->m_result->setText(result.message);
        }
        emit self->tested(result.ok());
    });
}
