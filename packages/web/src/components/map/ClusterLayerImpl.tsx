import { useState } from 'react';
import { createPortal } from 'react-dom';
import { ClusterPickList } from './ClusterPickList';
import { useLeafletMap } from './map-context';
import type { ClusterLayerProps, ClusterPoint, LatLng } from './map-types';
import { useClusterMarkers } from './use-cluster-markers';
import { useMapPopup } from './use-map-popup';

/** A cluster whose points stand at one place, listed to pick from: where, and which points. */
interface PickList {
  at: LatLng;
  ids: number[];
}

/**
 * Clustered markers over any number of points; only what is on screen is drawn. A cluster click
 * zooms to where it splits; a cluster that splits at no zoom (its points stand at one place) lists
 * its points instead.
 */
export default function ClusterLayerImpl<T>({ points, radius, renderPopup, onDrawn }: ClusterLayerProps<T>) {
  const map = useLeafletMap();
  const [openId, setOpenId] = useState<number | null>(null);
  const [pickList, setPickList] = useState<PickList | null>(null);
  useClusterMarkers(map, points, radius, {
    onOpen: setOpenId,
    onList: (at, ids) => setPickList({ at, ids }),
    onDrawn,
  });

  const open: ClusterPoint<T> | undefined = openId === null ? undefined : points.find((point) => point.id === openId);
  const infoNode = useMapPopup(
    map,
    open?.position,
    () => setOpenId((current) => (current === open?.id ? null : current)),
    { offset: [0, -6], minWidth: 220 },
  );
  // The listed points as they are now (a live point keeps its place in the list while it moves).
  const listed = pickList ? points.filter((point) => pickList.ids.includes(point.id)) : [];
  const listNode = useMapPopup(map, pickList?.at, () => setPickList(null), { minWidth: 180, maxWidth: 280 });

  return (
    <>
      {open && createPortal(renderPopup(open), infoNode)}
      {pickList &&
        createPortal(
          <ClusterPickList
            points={listed}
            onPick={(point) => {
              setPickList(null);
              setOpenId(point.id);
            }}
          />,
          listNode,
        )}
    </>
  );
}
