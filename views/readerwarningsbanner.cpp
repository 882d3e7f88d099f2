#include "views/readerwarningsbanner.h"

#include <QGridLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStyle>
#include <QToolButton>

#include <algorithm>

ReaderWarningsBanner::ReaderWarningsBanner(const QStringList& warnings, QWidget* parent)
    : QFrame(parent), m_warnings(warnings)
{
    setObjectName(QStringLiteral("readerWarnings"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    QPalette tinted = palette(); // a warning tint that stays legible in the dark theme too
    const QColor base = tinted.color(QPalette::Window);
    const QColor amber(0xf3, 0x9c, 0x12);
    tinted.setColor(QPalette::Window, QColor::fromRgbF(base.redF() * 0.8 + amber.redF() * 0.2,
                                                       base.greenF() * 0.8 + amber.greenF() * 0.2,
                                                       base.blueF() * 0.8 + amber.blueF() * 0.2));
    setPalette(tinted);

    auto* icon = new QLabel;
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(16, 16));
    m_summary = new QLabel;
    m_summary->setTextFormat(Qt::PlainText); // the reader quotes the file: never markup
    m_summary->setWordWrap(true);
    m_summary->setText(warnings.size() == 1
                           ? tr("The reader repaired or left out part of this file: %1").arg(warnings.first())
                           : tr("The reader repaired or left out parts of this file (%1 notes), first: %2")
                                 .arg(warnings.size())
                                 .arg(warnings.value(0)));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_detailsButton = new QToolButton;
    m_detailsButton->setText(tr("Details"));
    m_detailsButton->setCheckable(true);
    m_detailsButton->setAutoRaise(true);
    auto* close = new QToolButton;
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Hide these notes"));
    close->setAutoRaise(true);

    m_details = new QPlainTextEdit(warnings.join(QLatin1Char('\n')));
    m_details->setReadOnly(true);
    const int lines = std::min<int>(int(warnings.size()), 8) + 1; // up to 8 lines, then it scrolls
    m_details->setFixedHeight(fontMetrics().lineSpacing() * lines + 2 * m_details->frameWidth() + 8);
    m_details->hide();

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(6, 3, 3, 3);
    layout->addWidget(icon, 0, 0, Qt::AlignTop);
    layout->addWidget(m_summary, 0, 1);
    layout->addWidget(m_detailsButton, 0, 2, Qt::AlignTop);
    layout->addWidget(close, 0, 3, Qt::AlignTop);
    layout->addWidget(m_details, 1, 1, 1, 3);
    layout->setColumnStretch(1, 1);
    connect(m_detailsButton, &QToolButton::toggled, m_details, &QWidget::setVisible);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
}
