"""simt.bench"""
