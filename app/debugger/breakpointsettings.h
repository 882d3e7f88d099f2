#pragma once
// Breakpoints and the break flags kept between runs, in a QSettings group.
class BreakpointsModel;
class QSettings;

class BreakpointSettings
{
public:
    static void load(QSettings& settings, BreakpointsModel& model);
    static void save(QSettings& settings, const BreakpointsModel& model);
};
