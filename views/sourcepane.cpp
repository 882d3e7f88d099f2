#include "sourcepane.h"

#include "focustoolbutton.h"
#include "sourceview.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

#include <utility>

SourcePane::SourcePane(QWidget* parent)
    : QWidget(parent), m_title(new QLabel(this)), m_notice(new QLabel(this)), m_view(new SourceView(this))
{
    m_notice->setText(tr("This profile has no per-line ticks (positionTicks): costs are per function only."));
    m_notice->setContentsMargins(4, 0, 4, 2);
    m_notice->hide();
    m_title->setTextFormat(Qt::PlainText); // a path from the profile
    // Long paths and messages wrap: they never widen the page or the window.
    m_title->setWordWrap(true);
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto* close = new FocusToolButton(this);
    close->setAutoRaise(true);
    close->setText(tr("Close"));
    close->setToolTip(tr("Hide the source pane"));
    connect(close, &QToolButton::clicked, this, &SourcePane::closeRequested);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 2, 2);
    bar->addWidget(m_title, 1);
    bar->addWidget(close);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_notice);
    layout->addWidget(m_view, 1);
}

QString SourcePane::localPath(const QString& url, const QString& baseDir, const PathMappings& mappings)
{
    if (url.isEmpty())
        return {};
    QString path = url;
    if (url.startsWith(QLatin1String("file:"))) {
        path = QUrl(url).toLocalFile();
    } else if (url.contains(QLatin1String("://"))) {
        return {}; // http:, node:, webpack:... nothing local to show
    }
    if (path.isEmpty())
        return {};
    path = mappings.apply(path);
    if (QFileInfo(path).isRelative() && !baseDir.isEmpty())
        path = QDir(baseDir).filePath(path);
    const QFileInfo info(path);
    return info.isFile() && info.isReadable() ? info.absoluteFilePath() : QString();
}

void SourcePane::showText(const QString& name, const QString& text, int line)
{
    setShowsMessage(false);
    m_view->setPlaceholderText(QString());
    m_view->setSource(text, line);
    m_path = name;
    const QString shortName = name.section(QLatin1Char('/'), -1);
    m_title->setText(line > 0 ? tr("%1, line %2 (from its source map)").arg(shortName).arg(line) : shortName);
    m_title->setToolTip(name);
}

void SourcePane::showMessage(const QString& text, const QString& hint)
{
    m_view->setSource(QString(), 0);
    m_view->setLineCosts({});
    m_notice->hide();
    m_path.clear();
    m_title->setText(text);
    m_title->setToolTip(QString());
    m_view->setPlaceholderText(hint);
    setShowsMessage(true);
}

int SourcePane::messageHeight() const
{
    const int bar = layout()->itemAt(0)->sizeHint().height();
    return bar + m_view->fontMetrics().lineSpacing() * 3 + 2 * m_view->frameWidth() + 4;
}

void SourcePane::setShowsMessage(bool message)
{
    setMaximumHeight(message ? messageHeight() : QWIDGETSIZE_MAX);
    if (std::exchange(m_showsMessage, message) != message)
        emit showsMessageChanged(message);
}

QString SourcePane::title() const
{
    return m_title->text();
}

bool SourcePane::showFile(const QString& path, int line)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    setShowsMessage(false);
    m_view->setPlaceholderText(QString());
    m_view->setSource(QString::fromUtf8(file.readAll()), line);
    m_path = path;
    const QString name = QFileInfo(path).fileName();
    m_title->setText(line > 0 ? tr("%1, line %2").arg(name).arg(line) : name);
    m_title->setToolTip(path);
    return true;
}

void SourcePane::setLineCosts(const QMap<int, double>& selfUs, bool available)
{
    m_notice->setVisible(!available);
    m_view->setLineCosts(selfUs);
    int hottest = 0;
    for (auto it = selfUs.constBegin(); it != selfUs.constEnd(); ++it) {
        if (!hottest || *it > selfUs.value(hottest))
            hottest = it.key();
    }
    if (hottest > 0)
        m_view->centerOnLine(hottest);
}
