"""Sheets: what reaches the paper. Faces placed on pages with cut guides, backs for duplex or fold,
pictures, drawing on ReportLab's canvas (`draw.py`, the only module that does), cutting machines'
paths, a print shop's file, pages as PNG, and what two builds of one PDF share (`pdfstamps.py`)."""
