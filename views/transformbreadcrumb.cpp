#include "views/transformbreadcrumb.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QToolButton>

TransformBreadcrumb::TransformBreadcrumb(QWidget* parent) : QWidget(parent), m_layout(new QHBoxLayout(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(2);
    setFocusPolicy(Qt::StrongFocus);
    setToolTip(tr("Transforms applied to every view. Click a step to go back to it; Backspace undoes the last one."));
    rebuild();
}

void TransformBreadcrumb::setTransforms(std::vector<xsprof::Transform> transforms)
{
    m_transforms = std::move(transforms);
    rebuild();
}

QToolButton* TransformBreadcrumb::stepButton(int step) const
{
    return step >= 0 && size_t(step) < m_buttons.size() ? m_buttons[size_t(step)] : nullptr;
}

void TransformBreadcrumb::rebuild()
{
    while (QLayoutItem* item = m_layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_buttons.clear();
    const int last = int(m_transforms.size());
    for (int step = 0; step <= last; ++step) {
        if (step > 0)
            m_layout->addWidget(new QLabel(QStringLiteral("›"), this));
        auto* button = new QToolButton(this);
        button->setAutoRaise(true);
        button->setText(step == 0 ? tr("Full profile")
                                  : QString::fromStdString(m_transforms[size_t(step - 1)].label()));
        // The step shown now is not a link; the earlier ones go back to themselves.
        button->setEnabled(step != last);
        if (step == last) { // bold, in the normal text colour (not greyed out)
            QFont bold = button->font();
            bold.setBold(true);
            button->setFont(bold);
            QPalette palette = button->palette();
            palette.setColor(QPalette::Disabled, QPalette::ButtonText, palette.color(QPalette::Active, QPalette::ButtonText));
            button->setPalette(palette);
        }
        connect(button, &QToolButton::clicked, this, [this, step] { emit goBackRequested(step); });
        m_layout->addWidget(button);
        m_buttons.push_back(button);
    }
    m_layout->addStretch(1);
    setVisible(!m_transforms.empty());
}

void TransformBreadcrumb::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Backspace && !m_transforms.empty()) {
        emit goBackRequested(int(m_transforms.size()) - 1);
        return;
    }
    QWidget::keyPressEvent(event);
}
