"""simt.lowering"""
