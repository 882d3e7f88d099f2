#include "messageboxes.h"

#include <QApplication>
#include <QFontMetrics>
#include <QGridLayout>
#include <QMessageBox>
#include <QSpacerItem>

namespace MessageBoxes {

void fitTitle(QMessageBox* box)
{
    // The title bar's font is the window manager's: the application's, a little bold, is close.
    QFont font = QApplication::font();
    font.setBold(true);
    // Room for the title bar's icon and its buttons on either side.
    constexpr int titleBarButtons = 160;
    const int wanted = QFontMetrics(font).horizontalAdvance(box->windowTitle()) + titleBarButtons;
    auto* grid = qobject_cast<QGridLayout*>(box->layout());
    if (!grid)
        return;
    // QMessageBox fixes its size from its layout's minimum (setMinimumWidth is overridden)
    // and allows only 50 pixels for the title bar's buttons: a spacer as wide as the title,
    // under everything, widens it.
    grid->addItem(new QSpacerItem(wanted, 0, QSizePolicy::Minimum, QSizePolicy::Fixed), grid->rowCount(), 0, 1,
                  grid->columnCount());
}

} // namespace MessageBoxes
