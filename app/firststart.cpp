#include "firststart.h"

#include <algorithm>

namespace FirstStart {

QRect windowGeometry(const QRect& available)
{
    const double share = available.width() < 1600 ? 0.96 : 0.85;
    const QSize size(std::min(int(available.width() * share), 2200), std::min(int(available.height() * 0.92), 1400));
    QRect geometry(QPoint(), size);
    geometry.moveCenter(available.center());
    return geometry;
}

} // namespace FirstStart
