#include "app/debugger/sourcespane.h"

#include <QDir>
#include <QHash>
#include <QDirIterator>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSettings>
#include <QStandardItemModel>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace {
constexpr int PathRole = Qt::UserRole + 1;

QString settingsKey(const QString& machine)
{
    QString name = machine.isEmpty() ? QStringLiteral("(any)") : machine;
    name.replace(QLatin1Char('/'), QLatin1Char('_')).replace(QLatin1Char('\\'), QLatin1Char('_'));
    return QStringLiteral("debugger/sourceFolders/") + name;
}

bool skipped(const QString& name)
{
    return name.startsWith(QLatin1Char('.')) || name == QLatin1String("node_modules") || name == QLatin1String("build");
}
} // namespace

SourcesPane::SourcesPane(QWidget* parent)
    : QWidget(parent), m_model(new QStandardItemModel(this)), m_view(new QTreeView(this)), m_add(new QToolButton(this)),
      m_remove(new QToolButton(this)), m_caption(new QLabel(this))
{
    m_caption->setEnabled(false);
    m_view->setModel(m_model);
    m_view->setHeaderHidden(true);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setUniformRowHeights(true);
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex& index) {
        const QString path = index.data(PathRole).toString();
        if (QFileInfo(path).isFile())
            emit fileActivated(path);
    });
    m_add->setText(tr("Add Folder…"));
    m_add->setToolTip(tr("Show a folder's scripts here, to open them and set breakpoints before the code runs"));
    connect(m_add, &QToolButton::clicked, this, &SourcesPane::askFolder);
    m_remove->setText(tr("Remove"));
    m_remove->setToolTip(tr("Forget the selected folder"));
    connect(m_remove, &QToolButton::clicked, this, [this] {
        QModelIndex index = m_view->currentIndex();
        while (index.parent().isValid())
            index = index.parent();
        if (index.isValid())
            removeFolder(index.data(PathRole).toString());
    });

    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(4, 0, 0, 0);
    buttons->addWidget(m_caption, 1);
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);
}

void SourcesPane::setStore(QSettings* settings, const QString& machineName)
{
    m_settings = settings;
    m_machine = machineName;
    m_folders = settings ? settings->value(settingsKey(machineName)).toStringList() : QStringList();
    m_caption->setText(machineName.isEmpty() ? tr("Folders for any machine") : tr("Folders for machines named %1").arg(machineName));
    rebuild();
}

void SourcesPane::addFolder(const QString& folder)
{
    const QString clean = QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
    if (folder.isEmpty() || m_folders.contains(clean))
        return;
    m_folders << clean;
    save();
    rebuild();
}

void SourcesPane::removeFolder(const QString& folder)
{
    if (m_folders.removeAll(folder) == 0)
        return;
    save();
    rebuild();
}

void SourcesPane::save()
{
    if (m_settings)
        m_settings->setValue(settingsKey(m_machine), m_folders);
}

void SourcesPane::askFolder()
{
    auto* dialog = new QFileDialog(this, tr("Add a Source Folder"));
    dialog->setFileMode(QFileDialog::Directory);
    dialog->setOption(QFileDialog::ShowDirsOnly);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, &SourcesPane::addFolder);
    dialog->open();
}

void SourcesPane::rebuild()
{
    m_model->clear();
    static const QStringList scripts{QStringLiteral("*.js"), QStringLiteral("*.mjs"), QStringLiteral("*.cjs"),
                                     QStringLiteral("*.ts")};
    for (const QString& folder : std::as_const(m_folders)) {
        auto* root = new QStandardItem(QDir::toNativeSeparators(folder));
        root->setData(folder, PathRole);
        root->setToolTip(folder);
        QHash<QString, QStandardItem*> folders{{QString(), root}};
        // Sub-folders as rows of their own, created when a script is found under them.
        auto folderItem = [&](const QString& relative, auto& self) -> QStandardItem* {
            if (auto it = folders.constFind(relative); it != folders.constEnd())
                return *it;
            const qsizetype slash = relative.lastIndexOf(QLatin1Char('/'));
            QStandardItem* parent = self(slash < 0 ? QString() : relative.left(slash), self);
            auto* item = new QStandardItem(relative.mid(slash + 1) + QLatin1Char('/'));
            item->setData(QDir(folder).filePath(relative), PathRole);
            parent->appendRow(item);
            folders.insert(relative, item);
            return item;
        };
        int count = 0;
        QDirIterator it(folder, scripts, QDir::Files, QDirIterator::Subdirectories);
        QStringList files;
        while (it.hasNext() && count < maxFilesPerFolder) {
            const QString path = it.next();
            const QString relative = QDir(folder).relativeFilePath(path);
            const QStringList parts = relative.split(QLatin1Char('/'));
            if (std::any_of(parts.cbegin(), parts.cend() - 1, skipped))
                continue; // hidden folders, node_modules, build output
            files << relative;
            ++count;
        }
        files.sort();
        for (const QString& relative : std::as_const(files)) {
            const qsizetype slash = relative.lastIndexOf(QLatin1Char('/'));
            QStandardItem* parent = folderItem(slash < 0 ? QString() : relative.left(slash), folderItem);
            auto* item = new QStandardItem(relative.mid(slash + 1));
            item->setData(QDir(folder).filePath(relative), PathRole);
            item->setToolTip(QDir(folder).filePath(relative));
            parent->appendRow(item);
        }
        if (count >= maxFilesPerFolder)
            root->appendRow(new QStandardItem(tr("… more files not listed")));
        if (!QFileInfo(folder).isDir())
            root->setText(tr("%1 (not found)").arg(root->text()));
        m_model->appendRow(root);
    }
    m_view->expandToDepth(0);
}
