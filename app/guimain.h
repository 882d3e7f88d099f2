#pragma once
// Starts the window: QApplication, settings, MainWindow, the files named on the command line.
int runGui(int argc, char* argv[]);
