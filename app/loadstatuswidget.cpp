#include "loadstatuswidget.h"

#include "views/document/profileopenjob.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

LoadStatusWidget::LoadStatusWidget(ProfileOpenJob* loader, QWidget* parent)
    : QWidget(parent), m_label(new QLabel(this)), m_progress(new QProgressBar(this)), m_cancel(new QToolButton(this))
{
    m_label->setTextFormat(Qt::PlainText); // file names
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(200);
    m_progress->setTextVisible(false);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop loading"));
    connect(m_cancel, &QToolButton::clicked, loader, &ProfileOpenJob::cancel);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_progress);
    layout->addWidget(m_cancel);
    hide();

    connect(loader, &ProfileOpenJob::started, this, [this, loader](const QString& path) {
        const int queued = loader->pendingCount();
        const QString name = QFileInfo(path).fileName();
        m_label->setText(queued > 0 ? tr("Loading %1 (%2 more queued)…").arg(name).arg(queued)
                                    : tr("Loading %1…").arg(name));
        m_progress->setValue(0);
        show();
    });
    connect(loader, &ProfileOpenJob::progressChanged, m_progress, &QProgressBar::setValue);
    connect(loader, &ProfileOpenJob::finished, this, &QWidget::hide);
}
